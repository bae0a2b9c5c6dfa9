/** An hours field's problems, below it: the field's aria-describedby names this list's id. */
export function ProblemList({ id, problems }: { id: string; problems: string[] }) {
  if (!problems.length) return null;
  return (
    <ul id={id} className="fc-error">
      {problems.map((p) => (
        <li key={p}>{p}</li>
      ))}
    </ul>
  );
}
