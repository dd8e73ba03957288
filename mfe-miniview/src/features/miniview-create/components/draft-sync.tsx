import { useEffect, useRef } from 'react';
import { useFormikContext } from 'formik';

/**
 * Reports the form's values whenever they change, so the draft store keeps what was typed
 * across a reload or a failed submission (not the first render: that is the draft itself).
 */
export function DraftSync<Values>({ onChange }: { onChange: (values: Values) => void }) {
  const { values } = useFormikContext<Values>();
  const latest = useRef(onChange);
  const first = useRef(true);
  useEffect(() => {
    latest.current = onChange;
  });
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    latest.current(values);
  }, [values]);
  return null;
}
