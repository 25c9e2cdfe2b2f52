import { Form, Link } from "react-router";
import { PageIntro } from "~/components/sections/page-intro";
import { ContactAside } from "~/components/support/contact-aside";
import {
  ErrorSummary,
  FormNotice,
  HoneypotField,
  SelectField,
  TextArea,
  TextField,
} from "~/components/support/form-fields";
import { useSupportForm } from "~/components/support/use-support-form";
import { buttonClass } from "~/components/ui/button-link";
import { TEXT_LINK } from "~/components/ui/text-link";
import { pages } from "~/content/routes";
import { paths } from "~/content/site";
import { contactPage } from "~/content/support";
import {
  CONTACT_LIMITS,
  CONTACT_SENT_MESSAGE,
  CONTACT_TOPICS,
  isContactTopic,
  type SupportFormResult,
} from "~/contracts/support";
import { pageMeta } from "~/lib/seo";
import { servicesFor } from "~/server/http/route-services.server";
import {
  orderNumberFromQuery,
  supportFormAction,
  supportFormHeaders,
} from "~/server/http/support-form.server";
import { contactInput } from "~/server/support/support-inputs.server";
import type { Route } from "./+types/contact";

/**
 * The contact form (issue 17 item 2). Works with and without JavaScript: the form posts to this page,
 * and the answer is the page again with the outcome. A link can preselect the topic and the order
 * (`/contact?topic=privacy`, `?order=1042`). Every address gets the same answer; a filled honeypot is
 * answered the same and stores nothing.
 */
export const meta = () => pageMeta(pages.contact);

export const headers = supportFormHeaders;

export function loader({ request }: Route.LoaderArgs) {
  const topic = new URL(request.url).searchParams.get("topic");
  return { topic: isContactTopic(topic) ? topic : "", orderNumber: orderNumberFromQuery(request) };
}

const FIELDS = ["name", "email", "orderNumber", "topic", "message", "website"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const { contact, logger } = servicesFor(context, "contact", "logger");
  return supportFormAction({
    request,
    context,
    rateLimit: "contact",
    input: contactInput,
    fields: FIELDS,
    async handle({ website, ...message }): Promise<SupportFormResult> {
      if (website) logger.info({ requestId: context.requestId }, "contact honeypot filled");
      else await contact.send(message);
      return { status: "sent", message: CONTACT_SENT_MESSAGE };
    },
  });
}

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const { result, busy, noticeRef, values, errors } = useSupportForm(actionData);
  const { labels, hints } = contactPage;

  return (
    <>
      <PageIntro heading={pages.contact.heading}>
        <p>{contactPage.lead}</p>
      </PageIntro>
      <div className="container-page grid gap-12 py-16 lg:grid-cols-[minmax(0,1fr)_22rem] lg:py-20">
        <section aria-labelledby="contact-form-heading" className="max-w-2xl">
          <h2 id="contact-form-heading" className="text-2xl font-extrabold text-white">
            {result?.status === "sent" ? contactPage.sentHeading : contactPage.formHeading}
          </h2>
          <div ref={noticeRef} tabIndex={-1} className="mt-6 outline-none">
            {result?.status === "sent" ? (
              <FormNotice tone="success">
                <p>{result.message}</p>
                <Link to={paths.contact} className={`mt-3 inline-block ${TEXT_LINK}`}>
                  {contactPage.sendAnother}
                </Link>
              </FormNotice>
            ) : result?.status === "refused" ? (
              <FormNotice tone="problem">{result.message}</FormNotice>
            ) : (
              <ErrorSummary errors={errors} labels={labels} />
            )}
          </div>
          {result?.status === "sent" ? null : (
            <Form method="post" noValidate className="relative mt-6 space-y-6">
              <HoneypotField />
              <div className="grid gap-6 sm:grid-cols-2">
                <TextField
                  name="name"
                  label={labels.name}
                  autoComplete="name"
                  maxLength={CONTACT_LIMITS.name}
                  errors={errors}
                  defaultValue={values.name}
                />
                <TextField
                  name="email"
                  type="email"
                  label={labels.email}
                  hint={hints.email}
                  autoComplete="email"
                  inputMode="email"
                  maxLength={254}
                  errors={errors}
                  defaultValue={values.email}
                />
              </div>
              <div className="grid gap-6 sm:grid-cols-2">
                <SelectField
                  name="topic"
                  label={labels.topic}
                  placeholder={contactPage.topicPlaceholder}
                  options={CONTACT_TOPICS}
                  errors={errors}
                  defaultValue={values.topic ?? loaderData.topic}
                />
                <TextField
                  name="orderNumber"
                  label={labels.orderNumber}
                  hint={hints.orderNumber}
                  optional
                  inputMode="numeric"
                  maxLength={CONTACT_LIMITS.orderNumber}
                  errors={errors}
                  defaultValue={values.orderNumber ?? loaderData.orderNumber}
                />
              </div>
              <TextArea
                name="message"
                label={labels.message}
                maxLength={CONTACT_LIMITS.message}
                rows={7}
                errors={errors}
                defaultValue={values.message}
              />
              <button type="submit" disabled={busy} aria-busy={busy} className={buttonClass("primary", "lg")}>
                {busy ? contactPage.sending : contactPage.submit}
              </button>
            </Form>
          )}
        </section>
        <ContactAside />
      </div>
    </>
  );
}
