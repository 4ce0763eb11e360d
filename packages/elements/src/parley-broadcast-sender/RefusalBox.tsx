import type { Refusal } from './sender-form-model.js';

/** A refused send: the server's message over its field errors (broadcast spec 5). */
export function RefusalBox({ refusal }: { refusal: Refusal }) {
  return (
    <div className="pbs-refusal" role="alert">
      <strong>{refusal.message}</strong>
      {refusal.errors.length > 0 && (
        <ul>
          {refusal.errors.map((m, i) => (
            <li key={i}>{m}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
