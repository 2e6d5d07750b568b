/** A form's refusal, announced to screen readers; nothing when there is none. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="banner-error">
      {message}
    </p>
  );
}
