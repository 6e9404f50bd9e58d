/**
 * The button that opens a batch's contact sheet, wherever a batch is shown (its row in Tasks, the
 * composer's confirmation): it owns the sheet's open state and gives the focus back to itself when
 * the sheet closes. The sheet goes to <body>, so it sits outside whatever holds the button (a live
 * region's status is not where a full-window dialog's contents belong).
 */
import { useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { ContactSheet } from './contact-sheet.js';

export function ContactSheetButton({ batchId, children }: { batchId: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button" className="button" ref={button} onClick={() => setOpen(true)}>
        {children}
      </button>
      {open &&
        createPortal(
          <ContactSheet
            batchId={batchId}
            onClose={() => {
              setOpen(false);
              button.current?.focus();
            }}
          />,
          document.body,
        )}
    </>
  );
}
