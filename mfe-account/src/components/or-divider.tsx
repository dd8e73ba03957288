import './or-divider.css';

/** The 'or' rule between a password form and the social sign-in buttons. */
export function OrDivider() {
  return (
    <p className="gs-or-divider">
      <span>or</span>
    </p>
  );
}
