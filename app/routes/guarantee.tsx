import { Form, Link } from "react-router";
import { PageIntro } from "~/components/sections/page-intro";
import {
  ErrorSummary,
  FormNotice,
  HoneypotField,
  TextArea,
  TextField,
} from "~/components/support/form-fields";
import { useSupportForm } from "~/components/support/use-support-form";
import { buttonClass } from "~/components/ui/button-link";
import { TEXT_LINK } from "~/components/ui/text-link";
import { pages } from "~/content/routes";
import { guaranteeAnswers, guaranteeTerms } from "~/content/support";
import { GUARANTEE_LIMITS, type SupportFormResult } from "~/contracts/support";
import { pageMeta } from "~/lib/seo";
import { servicesFor } from "~/server/http/route-services.server";
import {
  orderNumberFromQuery,
  supportFormAction,
  supportFormHeaders,
} from "~/server/http/support-form.server";
import type { GuaranteeOutcome } from "~/server/support/guarantee.server";
import { guaranteeInput } from "~/server/support/support-inputs.server";
import type { Route } from "./+types/guarantee";

/**
 * The 60-day money-back guarantee (issue 17 item 3): its terms, and the request form. A request is
 * checked against the order (number and the e-mail it was paid with, within the window, not refunded
 * yet), recorded once per order, and e-mailed to support and the customer. A link can fill the order
 * number in (`/guarantee?order=1042`, from the order page).
 */
export const meta = () => pageMeta(pages.guarantee);

export const headers = supportFormHeaders;

export function loader({ request }: Route.LoaderArgs) {
  return { orderNumber: orderNumberFromQuery(request) };
}

const FIELDS = ["orderNumber", "email", "reason", "website"] as const;

/** The outcome in words; only "opened" is a success. */
function answerOf(outcome: GuaranteeOutcome): { sent: boolean; message: string } {
  switch (outcome.outcome) {
    case "opened":
      return { sent: true, message: guaranteeAnswers.opened(outcome.orderNumber) };
    case "already_open":
      return { sent: false, message: guaranteeAnswers.alreadyOpen(outcome.orderNumber, outcome.openedOn) };
    case "already_closed":
      return { sent: false, message: guaranteeAnswers.alreadyClosed(outcome.orderNumber) };
    case "refunded":
      return { sent: false, message: guaranteeAnswers.refunded(outcome.orderNumber) };
    case "too_late":
      return {
        sent: false,
        message: guaranteeAnswers.tooLate(outcome.orderNumber, outcome.placedOn, outcome.endedOn),
      };
    case "not_found":
      return { sent: false, message: guaranteeAnswers.notFound };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { guarantee, logger } = servicesFor(context, "guarantee", "logger");
  return supportFormAction({
    request,
    context,
    rateLimit: "guarantee",
    input: guaranteeInput,
    fields: FIELDS,
    async handle({ website, ...input }): Promise<SupportFormResult> {
      const values = { orderNumber: input.orderNumber, email: input.email, reason: input.reason };
      if (website) {
        // A bot: answered like a person whose order was not found, nothing looked up.
        logger.info({ requestId: context.requestId }, "guarantee honeypot filled");
        return { status: "refused", message: guaranteeAnswers.notFound, values };
      }
      const { sent, message } = answerOf(await guarantee.request(input));
      return sent ? { status: "sent", message } : { status: "refused", message, values };
    },
  });
}

export default function GuaranteePage({ loaderData, actionData }: Route.ComponentProps) {
  const { result, busy, noticeRef, values, errors } = useSupportForm(actionData);
  const { labels, hints } = guaranteeTerms;

  return (
    <>
      <PageIntro heading={pages.guarantee.heading}>
        <p>{guaranteeTerms.lead}</p>
      </PageIntro>
      <div className="container-page grid gap-12 py-16 lg:grid-cols-2 lg:py-20">
        <section aria-labelledby="guarantee-terms-heading">
          <h2 id="guarantee-terms-heading" className="text-2xl font-extrabold text-white">
            The terms
          </h2>
          <dl className="mt-6 divide-y divide-white/10 rounded-card border border-white/10 bg-ink-800">
            {guaranteeTerms.terms.map((term) => (
              <div key={term.heading} className="p-5 sm:p-6">
                <dt className="font-extrabold text-white">{term.heading}</dt>
                <dd className="mt-1 leading-relaxed text-ink-200">{term.text}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="guarantee-form-heading">
          <h2 id="guarantee-form-heading" className="text-2xl font-extrabold text-white">
            {guaranteeTerms.formHeading}
          </h2>
          <p className="mt-2 text-ink-200">{guaranteeTerms.formLead}</p>
          <div ref={noticeRef} tabIndex={-1} className="mt-6 outline-none">
            {result?.status === "sent" ? (
              <FormNotice tone="success">
                <p>{result.message}</p>
              </FormNotice>
            ) : result?.status === "refused" ? (
              <FormNotice tone="problem">
                <p>{result.message}</p>
                <Link to={guaranteeTerms.contactLink.to} className={`mt-3 inline-block ${TEXT_LINK}`}>
                  {guaranteeTerms.contactLink.label}
                </Link>
              </FormNotice>
            ) : (
              <ErrorSummary errors={errors} labels={labels} />
            )}
          </div>
          {result?.status === "sent" ? null : (
            <Form method="post" noValidate className="relative mt-6 space-y-6">
              <HoneypotField />
              <TextField
                name="orderNumber"
                label={labels.orderNumber}
                hint={hints.orderNumber}
                inputMode="numeric"
                maxLength={20}
                errors={errors}
                defaultValue={values.orderNumber ?? loaderData.orderNumber}
              />
              <TextField
                name="email"
                type="email"
                label={labels.email}
                autoComplete="email"
                inputMode="email"
                maxLength={254}
                errors={errors}
                defaultValue={values.email}
              />
              <TextArea
                name="reason"
                label={labels.reason}
                hint={hints.reason}
                optional
                rows={4}
                maxLength={GUARANTEE_LIMITS.reason}
                errors={errors}
                defaultValue={values.reason}
              />
              <button type="submit" disabled={busy} aria-busy={busy} className={buttonClass("primary", "lg")}>
                {busy ? guaranteeTerms.sending : guaranteeTerms.submit}
              </button>
            </Form>
          )}
        </section>
      </div>
    </>
  );
}
