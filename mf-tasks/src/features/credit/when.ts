/** §9 date and time (DD/MM/YYYY, hh:mm with am/pm) in the reader's time zone. */
export const when = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: true }).format(new Date(iso));
