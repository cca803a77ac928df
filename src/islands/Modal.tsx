import X from "lucide-react/icons/x";
import { useEffect, useRef, type ReactNode } from "react";

/**
 * A modal built on the native `<dialog>`: `showModal()` makes the rest of the page inert (so focus
 * stays inside) and gives the backdrop. Close, Escape and a click on the backdrop all close at once;
 * the page behind does not scroll while it is open, and focus returns to the element that opened it.
 */
const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** `showModal()` makes the page inert, but Tab can still leave for the browser's own controls: wrap it. */
function keepFocusInside(dialog: HTMLDialogElement, event: { shiftKey: boolean; preventDefault: () => void }) {
  const targets = [...dialog.querySelectorAll<HTMLElement>(focusable)];
  const first = targets[0];
  const last = targets[targets.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

export function Modal({
  labelledBy,
  closeLabel,
  onClose,
  children,
}: {
  labelledBy: string;
  /** The close button's name: "Close", in the site's language. */
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    document.documentElement.classList.add("modal-open");
    return () => {
      if (element.open) element.close();
      document.documentElement.classList.remove("modal-open");
      opener?.focus({ preventScroll: true });
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        event.preventDefault();
        closeRef.current();
      }}
      onKeyDown={(event) => {
        if (event.key === "Tab") keepFocusInside(event.currentTarget, event);
      }}
      onClick={(event) => {
        // A click on the dialog element itself, not on its content, is a click on the backdrop.
        if (event.target === event.currentTarget) closeRef.current();
      }}
    >
      <div className="modal-content">
        <button type="button" className="modal-close" onClick={() => closeRef.current()} aria-label={closeLabel}>
          <X aria-hidden="true" focusable="false" size={20} />
        </button>
        {children}
      </div>
    </dialog>
  );
}
