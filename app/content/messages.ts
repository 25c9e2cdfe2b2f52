import { brand } from "./site";

/**
 * Every message of spec §8, word for word, title first, then description. Pages and flows show these
 * through the toaster; nothing else spells them.
 */
export type Message = { title: string; description?: string };

export const messages = {
  checkout: {
    progress: { title: "Processing...", description: "Fetching product details and creating checkout..." },
    homeCreationFailed: {
      title: "Error",
      description: "Failed to create checkout session. Please try again.",
    },
    homeOtherFailure: { title: "Error", description: "Something went wrong. Please try again." },
    productFailed: {
      title: "Checkout Error",
      description: "Unable to proceed to checkout. Please try again.",
    },
  },
  configuration: {
    product: {
      title: "Product not configured",
      description: `Create the ${brand.name} product in Shopify first.`,
    },
    variantIds: {
      title: "Configuration needed",
      description: "Please update Shopify product variant IDs in the code.",
    },
    testProduct: { title: "Configuration needed", description: "Create the Shopify test product first." },
  },
  product: {
    loadFailedTitle: "Could not load product",
    notFound: "Product may not exist in Shopify yet.",
  },
  confirmationEmail: {
    failed: {
      title: "Email Error",
      description: "There was an issue sending your confirmation email. Please contact support.",
    },
    sending: "Sending...",
    sent: "✓ Sent",
    sentDescription: "Confirmation email has been sent to your email address.",
    error: "⚠ Error",
  },
  testProduct: {
    createFailed: {
      title: "Could not create product",
      description: "Check Shopify credentials and try again.",
    },
  },
  connection: {
    progress: { title: "Testing Shopify connection..." },
    failed: (message: string) => ({
      title: "Connection Failed",
      description: `Could not connect to Shopify: ${message}`,
    }),
    found: (title: string) => ({
      title: "Shopify Connected!",
      description: `Successfully connected! Found product: ${title}`,
    }),
    notFound: {
      title: "Shopify Connected!",
      description: "Connection successful, but product not found in store.",
    },
    testFailed: { title: "Connection Test Failed", description: "Could not test Shopify connection." },
  },
} as const;
