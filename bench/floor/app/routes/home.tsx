/** One heading and a paragraph: a text LCP, as most of the storefront's pages have. */
export const meta = () => [
  { title: "Floor | React Router" },
  { name: "description", content: "A bare React Router page, the floor of the storefront's budgets." },
];

export default function Home() {
  return (
    <main>
      <h1>React Router floor</h1>
      <p>One prerendered route and no application code: what the framework alone costs a page.</p>
    </main>
  );
}
