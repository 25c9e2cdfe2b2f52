import type { KitStateName } from "~/contracts/kits";

/** A kit's state in the back office's words (never a value: the back office sees states only). */
export const kitStateWords: Record<KitStateName, string> = {
  unregistered: "Not registered",
  registered: "Registered",
  sample_received: "Sample received",
  rejected: "Sample rejected",
  resulted: "Result in",
};

export const KIT_STATE_ORDER: readonly KitStateName[] = [
  "unregistered",
  "registered",
  "sample_received",
  "rejected",
  "resulted",
];

/** Each state with how many of the batch's kits are in it. */
export function KitStateCounts({ states }: { states: Record<KitStateName, number> }) {
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-5">
      {KIT_STATE_ORDER.map((state) => (
        <div key={state}>
          <dt className="text-ink-300">{kitStateWords[state]}</dt>
          <dd className="font-black text-white" data-state={state}>
            {states[state]}
          </dd>
        </div>
      ))}
    </dl>
  );
}
