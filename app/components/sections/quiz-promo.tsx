import { ButtonLink } from "~/components/ui/button-link";
import { quizPromo } from "~/content/home";

/** Home: the quiz promo, "9 Questions, 2 Minutes", linking to /quiz. */
export function QuizPromo() {
  return (
    <section aria-labelledby="quiz-promo" className="render-when-near container-page py-16 sm:py-24">
      <div className="relative overflow-hidden rounded-[2rem] bg-ember-500 px-6 py-12 text-ink-950 sm:px-12 sm:py-16">
        <div aria-hidden="true" className="stripes pointer-events-none absolute inset-0 opacity-20" />
        <div className="relative flex flex-col gap-8 lg:flex-row lg:items-center lg:justify-between">
          <div className="max-w-2xl">
            <p className="text-sm font-extrabold uppercase tracking-[0.2em]">{quizPromo.eyebrow}</p>
            <h2 id="quiz-promo" className="heading-display mt-3 text-headline">
              {quizPromo.title}
            </h2>
            <p className="mt-4 text-lg font-medium">{quizPromo.lead}</p>
          </div>
          <ButtonLink
            to={quizPromo.link.to}
            size="lg"
            className="self-start bg-ink-950 !text-white hover:bg-ink-800 lg:self-center"
          >
            {quizPromo.link.label}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
