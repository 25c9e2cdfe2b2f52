/** A kit's state as the back office and the shopper's pages name it (app/server/db/schema.ts KIT_STATES). */
export type KitStateName = "unregistered" | "registered" | "sample_received" | "rejected" | "resulted";

/** A batch as the back office lists it (dates as ISO strings). */
export type KitBatchView = {
  id: number;
  size: number;
  createdBy: string;
  createdAt: string;
  shippedAt: string | null;
  states: Record<KitStateName, number>;
};

/** The most kits one batch holds. */
export const MAX_BATCH_SIZE = 1000;
