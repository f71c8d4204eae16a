/** The line under a sign-in field: its message (announced, and named by the input's aria-describedby) or room for one. */
export function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  return (
    <div className="cfop-field-help">
      {message !== undefined && (
        <div id={id} role="alert" className="cfop-field-error">
          {message}
        </div>
      )}
    </div>
  );
}
