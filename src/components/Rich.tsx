import { Fragment, type ReactNode } from "react";

/** A translated sentence with nodes in it (`t.rich`): "Write to <a>…</a>." in the language's own order. */
export function Rich({ parts }: { parts: ReactNode[] }) {
  return (
    <>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence, which never reorder.
        <Fragment key={index}>{part}</Fragment>
      ))}
    </>
  );
}
