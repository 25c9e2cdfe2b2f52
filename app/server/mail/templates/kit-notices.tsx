import { Button } from "@react-email/button";
import { render } from "@react-email/render";
import { Text } from "@react-email/text";
import { z } from "zod";
import { brand, support } from "~/content/site";
import { EmailLayout, emailButton, emailSmall, emailText } from "./layout";

/**
 * The kit's notices (issue 35 items 4, 6 and 7): a result is ready, a sample could not be tested and a
 * replacement kit is on its way, a result will be deleted in 30 days. Each says only that and links to
 * the results page: no value, range or flag ever leaves in an e-mail (or its outbox row), so the
 * payload has nothing but the link.
 */
export const kitNoticePayload = z.strictObject({ resultsUrl: z.url() });

export type KitNotice = z.infer<typeof kitNoticePayload>;

type Words = { subject: string; heading: string; body: string[]; button: string };

export const kitNoticeWords = {
  resultReady: {
    subject: `Your ${brand.name} test result is ready`,
    heading: "Your test result is ready",
    body: [
      "The lab has sent the result of the kit you registered. Sign in to read it: we do not put results in e-mails.",
    ],
    button: "See my result",
  },
  sampleRejected: {
    subject: `Your ${brand.name} test kit: a free replacement is on its way`,
    heading: "A replacement kit is on its way",
    body: [
      "The lab could not test the sample it received from the kit you registered, usually because there was not enough blood on the card.",
      "We are sending you a new kit, free of charge, to the address of your order. Register the new kit's ID when it arrives.",
    ],
    button: "My kits and results",
  },
  deletionWarning: {
    subject: `Your ${brand.name} test result will be deleted in 30 days`,
    heading: "Your test result will be deleted in 30 days",
    body: [
      "We keep a test result for 12 months after it arrives, then delete it. One of yours reaches that date in 30 days.",
      "Sign in before then if you want to read it again or download it.",
    ],
    button: "See my results",
  },
} satisfies Record<string, Words>;

function NoticeView({ words, message }: { words: Words; message: KitNotice }) {
  return (
    <EmailLayout preview={words.heading} footer={<Text style={emailSmall}>Questions: {support.email}</Text>}>
      <Text style={{ ...emailText, fontSize: "22px", fontWeight: 700 }}>{words.heading}</Text>
      {words.body.map((line) => (
        <Text key={line} style={emailText}>
          {line}
        </Text>
      ))}
      <Button href={message.resultsUrl} style={emailButton}>
        {words.button}
      </Button>
    </EmailLayout>
  );
}

export async function renderKitNotice(words: Words, message: KitNotice) {
  const text = [
    words.heading,
    "",
    ...words.body.flatMap((line) => [line, ""]),
    `${words.button}: ${message.resultsUrl}`,
    "",
    `Questions: ${support.email}`,
  ].join("\n");
  return {
    subject: words.subject,
    html: await render(<NoticeView words={words} message={message} />),
    text,
  };
}
