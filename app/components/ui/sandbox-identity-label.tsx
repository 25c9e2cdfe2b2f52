import { storeIdentity } from "~/content/site";
import { sandboxIdentityLabel } from "~/content/store-identity";

/**
 * Beside the company's name and address while they are the sandbox's made-up ones (no identity setting
 * at build, decision 094): says so, in the sandbox notice's colours. Renders nothing for a real company.
 */
export function SandboxIdentityLabel({ className = "" }: { className?: string }) {
  if (!storeIdentity.fictional) return null;
  return (
    <span
      className={`inline-block rounded-full border border-gold-400/60 px-3 py-1 text-xs font-bold text-gold-400 ${className}`}
    >
      {sandboxIdentityLabel}
    </span>
  );
}
