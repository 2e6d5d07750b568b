/** A spinner for a part of a page (a screen loading inside the shell). */
export function SectionSpinner() {
  return (
    <div className="grid min-h-64 place-items-center" role="status" aria-label="Loading">
      <div className="size-10 animate-spin rounded-full border-4 border-malt-700 border-t-amber-400" />
    </div>
  );
}
