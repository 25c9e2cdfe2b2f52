import { OrderConfirmation } from "~/components/commerce/order-confirmation";
import { PaymentLead } from "~/components/commerce/payment-lead";
import { PageIntro } from "~/components/sections/page-intro";
import { ButtonLink } from "~/components/ui/button-link";
import { pages } from "~/content/routes";
import { parseSessionId } from "~/contracts/order-confirmation";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/payment-success";

const page = pages.paymentSuccess;

export const meta = () => pageMeta(page);

/** Reads `session_id` (spec §2); anything that is not a Checkout Session id is treated as missing. */
export function loader({ request }: Route.LoaderArgs) {
  const sessionId = new URL(request.url).searchParams.get("session_id");
  return { sessionId: parseSessionId(sessionId) };
}

export default function PaymentSuccessPage({ loaderData }: Route.ComponentProps) {
  const { sessionId } = loaderData;
  if (!sessionId) {
    return (
      <>
        <PageIntro eyebrow="Order" heading={page.heading}>
          This page shows your order after checkout, but the link has no order reference. If you just paid,
          your confirmation email is on its way.
        </PageIntro>
        <div className="container-page py-14">
          <ButtonLink to="/" size="lg">
            Return to Home
          </ButtonLink>
        </div>
      </>
    );
  }
  return (
    <>
      <PageIntro eyebrow="Order" heading={page.heading}>
        <PaymentLead sessionId={sessionId} />
      </PageIntro>
      <OrderConfirmation sessionId={sessionId} />
    </>
  );
}
