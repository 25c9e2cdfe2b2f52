import { Body, Container, Head, Hr, Html, Preview, Text } from "@react-email/components";
import type { ReactNode } from "react";
import { brand } from "~/content/site";

/** The site's e-mail palette: dark text on white, ember accents (AA contrast on white). */
export const emailColors = {
  ink: "#0d0f12",
  muted: "#434c57",
  line: "#e6e9ed",
  ember: "#b33f06",
  page: "#f5f6f8",
};
export const emailText = { fontSize: "15px", lineHeight: "24px", color: emailColors.ink, margin: "0 0 12px" };
export const emailSmall = {
  fontSize: "12px",
  lineHeight: "18px",
  color: emailColors.muted,
  margin: "0 0 8px",
};

/** The one call-to-action button of a message (order page, sign-in, confirmation). */
export const emailButton = {
  backgroundColor: emailColors.ember,
  color: "#ffffff",
  fontWeight: 700,
  fontSize: "15px",
  padding: "14px 24px",
  borderRadius: "999px",
  textDecoration: "none",
};

/** The frame every e-mail shares: preview text, the brand line, the content, a footer. */
export function EmailLayout({
  preview,
  children,
  footer,
}: {
  preview: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body
        style={{
          backgroundColor: emailColors.page,
          fontFamily: "Helvetica, Arial, sans-serif",
          margin: 0,
          padding: "24px 0",
        }}
      >
        <Container
          style={{ backgroundColor: "#ffffff", maxWidth: "560px", padding: "32px", borderRadius: "8px" }}
        >
          <Text
            style={{
              ...emailText,
              fontSize: "20px",
              fontWeight: 800,
              letterSpacing: "2px",
              color: emailColors.ember,
            }}
          >
            {brand.name.toUpperCase()}
          </Text>
          {children}
          {footer ? (
            <>
              <Hr style={{ borderColor: emailColors.line, margin: "24px 0" }} />
              {footer}
            </>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}
