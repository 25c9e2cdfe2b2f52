import { Body } from "@react-email/body";
import { Column } from "@react-email/column";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Preview } from "@react-email/preview";
import { Row } from "@react-email/row";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { ReactNode } from "react";
import { brand } from "~/content/site";

/** The site's e-mail palette: dark text on white, ember accents (AA contrast on white). */
export const emailColors = {
  ink: "#0d0f12",
  /** The site's header band and the logo's letter. */
  night: "#07080a",
  /** The logo tile's ember (the site's ember-500); only behind dark text, never as text on white. */
  emberBright: "#ff6b1a",
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
        <Container style={{ backgroundColor: "#ffffff", maxWidth: "560px", borderRadius: "8px" }}>
          <EmailBrandBand />
          <Section style={{ padding: "28px 32px 32px" }}>
            {children}
            {footer ? (
              <>
                <Hr style={{ borderColor: emailColors.line, margin: "24px 0" }} />
                {footer}
              </>
            ) : null}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/**
 * The site's header in e-mail form: the night band, the ember "F" tile and the italic wordmark. Drawn
 * with table cells and text, not an image, so it shows as it should where mail apps block images
 * (most do by default) and adds no request.
 */
function EmailBrandBand() {
  return (
    <Section
      style={{ backgroundColor: emailColors.night, borderRadius: "8px 8px 0 0", padding: "18px 32px" }}
    >
      <Row>
        <Column style={{ width: "40px" }}>
          <Text
            style={{
              margin: 0,
              width: "32px",
              height: "32px",
              lineHeight: "32px",
              borderRadius: "8px",
              backgroundColor: emailColors.emberBright,
              color: emailColors.night,
              fontSize: "20px",
              fontWeight: 900,
              textAlign: "center",
            }}
          >
            {brand.name.charAt(0).toUpperCase()}
          </Text>
        </Column>
        <Column>
          <Text
            style={{
              margin: 0,
              color: "#ffffff",
              fontSize: "20px",
              lineHeight: "32px",
              fontWeight: 900,
              fontStyle: "italic",
              letterSpacing: "0.5px",
            }}
          >
            {brand.name.toUpperCase()}
          </Text>
        </Column>
      </Row>
    </Section>
  );
}
