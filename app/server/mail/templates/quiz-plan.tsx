import { Button } from "@react-email/button";
import { render } from "@react-email/render";
import { Text } from "@react-email/text";
import { z } from "zod";
import { brand, support } from "~/content/site";
import { EmailLayout, emailButton, emailSmall, emailText } from "./layout";

/**
 * "E-mail me my plan" (issue 34 item 4): the plan's wording and the result link, and nothing the person
 * answered. The payload holds the outcome's summary and the plan's general steps only, never an answer
 * (no condition, medicine or symptom), because the e-mail and its outbox row leave the page's protection.
 */
export const quizPlanPayload = z.object({
  summary: z.string().max(400),
  steps: z.array(z.string().max(400)).max(6),
  resultUrl: z.url(),
  validUntil: z.string().max(40),
});

export type QuizPlanEmail = z.infer<typeof quizPlanPayload>;

export const quizPlanSubject = `Your ${brand.name} T-Quiz plan`;
const notYou = "Didn't take the quiz? Ignore this e-mail: we keep your address only to send it.";
const linkNote = (message: QuizPlanEmail) =>
  `Your full plan, with its reasons and dates, is on your result page. The link works until ${message.validUntil}.`;

export function QuizPlanEmailView({ message }: { message: QuizPlanEmail }) {
  return (
    <EmailLayout
      preview={message.summary}
      footer={
        <>
          <Text style={emailSmall}>{notYou}</Text>
          <Text style={emailSmall}>Questions: {support.email}</Text>
        </>
      }
    >
      <Text style={{ ...emailText, fontSize: "22px", fontWeight: 700 }}>Your T-Quiz plan</Text>
      <Text style={emailText}>{message.summary}</Text>
      {message.steps.map((step) => (
        <Text key={step} style={emailText}>
          • {step}
        </Text>
      ))}
      <Button href={message.resultUrl} style={emailButton}>
        See my plan
      </Button>
      <Text style={{ ...emailSmall, marginTop: "12px" }}>{linkNote(message)}</Text>
    </EmailLayout>
  );
}

export function quizPlanText(message: QuizPlanEmail): string {
  return [
    "Your T-Quiz plan",
    "",
    message.summary,
    "",
    ...message.steps.map((step) => `- ${step}`),
    "",
    "See my plan:",
    message.resultUrl,
    linkNote(message),
    "",
    notYou,
    `Questions: ${support.email}`,
  ].join("\n");
}

export async function renderQuizPlan(message: QuizPlanEmail) {
  return {
    subject: quizPlanSubject,
    html: await render(<QuizPlanEmailView message={message} />),
    text: quizPlanText(message),
    replyTo: support.email,
  };
}
