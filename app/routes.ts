import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { pages, placeholderPageKeys } from "./content/routes";

/** Strip the leading slash: React Router's route paths are relative to the root. */
const at = (path: string) => path.replace(/^\//, "");

/** The route table mirrors spec §2. Page copy and SEO live in app/content/routes.ts. */
export default [
  index("routes/home.tsx"),
  route(at(pages.testKit.path), "routes/product.test-kit.tsx"),
  route(at(pages.enhancer.path), "routes/product.enhancer.tsx"),
  route(at(pages.broScience.path), "routes/bro-science.tsx"),
  route(at(pages.deepDive.path), "routes/deep-dive.tsx"),
  route(at(pages.videos.path), "routes/videos.tsx"),
  route(at(pages.paymentSuccess.path), "routes/payment-success.tsx"),
  route(at(pages.testProduct.path), "routes/test-product.tsx"),
  route(at(pages.faq.path), "routes/faq.tsx"),
  route(at(pages.about.path), "routes/about.tsx"),
  route(at(pages.contact.path), "routes/contact.tsx"),
  route(at(pages.guarantee.path), "routes/guarantee.tsx"),
  route(at(pages.privacy.path), "routes/legal.privacy.tsx"),
  route(at(pages.terms.path), "routes/legal.terms.tsx"),
  route(at(pages.disclaimer.path), "routes/legal.disclaimer.tsx"),
  route(at(pages.reviews.path), "routes/reviews.tsx"),
  route(at(pages.quiz.path), "routes/quiz.tsx"),
  route("results/quiz/:token", "routes/results.quiz.$token.tsx"),
  // One module serves every heading-only page; its content comes from the page table.
  ...placeholderPageKeys.map((key) =>
    route(at(pages[key].path), "routes/placeholder.tsx", { id: `placeholder-${key}` }),
  ),
  route("api/shopify-get-product", "routes/api.shopify-get-product.ts"),
  route("api/shopify-create-product", "routes/api.shopify-create-product.ts"),
  route("api/hybrid-checkout", "routes/api.hybrid-checkout.ts"),
  route("api/verify-and-send-confirmation", "routes/api.verify-and-send-confirmation.ts"),
  route("api/stripe-webhook", "routes/api.stripe-webhook.ts"),
  route("api/newsletter-subscribe", "routes/api.newsletter-subscribe.ts"),
  route("api/lab/fhir", "routes/api.lab.fhir.ts"),
  route("newsletter/confirm", "routes/newsletter.confirm.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter.unsubscribe.tsx"),
  route("orders/:token", "routes/orders.$token.tsx"),
  route("reviews/write/:token", "routes/reviews.write.$token.tsx"),
  route("admin", "routes/admin.tsx"),
  route("admin/sign-in", "routes/admin.sign-in.tsx"),
  route("admin/sign-out", "routes/admin.sign-out.ts"),
  route("admin/orders", "routes/admin.orders.tsx"),
  route("admin/orders/:orderNumber", "routes/admin.orders.$orderNumber.tsx"),
  route("admin/reviews", "routes/admin.reviews.tsx"),
  route("admin/quiz", "routes/admin.quiz.tsx"),
  route("admin/kits", "routes/admin.kits.tsx"),
  route("admin/kits/:batchId", "routes/admin.kits.$batchId.tsx"),
  route("admin/kits/:batchId/csv", "routes/admin.kits.$batchId.csv.ts"),
  route("account", "routes/account.tsx"),
  route("account/sign-in", "routes/account.sign-in.tsx"),
  route("account/sign-out", "routes/account.sign-out.ts"),
  route("results/register", "routes/results.register.tsx"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
