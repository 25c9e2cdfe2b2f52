import { ClaimMark } from "~/components/ui/claim-mark";
import { Icon } from "~/components/ui/icon";
import { SectionHeading } from "~/components/ui/section-heading";
import { benefits } from "~/content/home";

export function Benefits() {
  return (
    <section aria-labelledby="benefits" className="render-when-near container-page py-16 sm:py-24">
      <SectionHeading id="benefits" eyebrow={benefits.eyebrow} title={benefits.title} />
      <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {benefits.items.map((item) => (
          <li key={item.title} className="card p-6">
            <span className="grid size-12 place-items-center rounded-xl bg-ember-500 text-ink-950">
              <Icon name={item.icon} className="size-6" />
            </span>
            <h3 className="mt-5 text-xl font-extrabold text-white">
              {item.title}
              {"claim" in item ? <ClaimMark /> : null}
            </h3>
            <p className="mt-2 leading-relaxed text-ink-200">{item.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
