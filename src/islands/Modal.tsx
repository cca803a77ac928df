import { X } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";

/**
 * A modal built on the native `<dialog>`: `showModal()` makes the rest of the page inert (so focus
 * stays inside) and gives the backdrop. Close, Escape and a click on the backdrop all close at once;
 * the page behind does not scroll while it is open, and focus returns to the element that opened it.
 */
export function Modal({ labelledBy, onClose, children }: { labelledBy: string; onClose: () => void; children: ReactNode }) {
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
      onClick={(event) => {
        // A click on the dialog element itself, not on its content, is a click on the backdrop.
        if (event.target === event.currentTarget) closeRef.current();
      }}
    >
      <div className="modal-content">
        <button type="button" className="modal-close" onClick={() => closeRef.current()} aria-label="Close">
          <X aria-hidden="true" focusable="false" size={20} />
        </button>
        {children}
      </div>
    </dialog>
  );
}
