import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-final-form';
import type { FormApi } from 'final-form';

/**
 * One final-form batch for the registrations of a form's fields when it mounts. final-form copies its whole field
 * table on every registration, even a silent one, so 300 fields registering one by one cost 300 copies of a
 * growing table; inside `form.batch` each registration is a plain insert and the fields are notified once at the
 * end. After that first batch, fields (say, revealed by a page rule) register straight away.
 */
type Register = () => () => void;

export interface RegistrationBatch {
  /** Runs `register` now or, while the form is mounting, with the others; returns the unregistration. */
  register(register: Register): () => void;
}

const RegistrationBatchContext = createContext<RegistrationBatch | null>(null);

/** The batch of the form being mounted, if its fields are inside a <BatchedRegistration>. */
export function useRegistrationBatch(): RegistrationBatch | null {
  return useContext(RegistrationBatchContext);
}

function createRegistrationBatch(form: FormApi<Record<string, unknown>>): RegistrationBatch & { flush(): void } {
  let queue: Array<{ register: Register; unregister?: () => void; dropped?: boolean }> | null = [];
  return {
    register(register) {
      if (!queue) return register();
      const entry: { register: Register; unregister?: () => void; dropped?: boolean } = { register };
      queue.push(entry);
      return () => {
        entry.dropped = true;
        entry.unregister?.();
      };
    },
    flush() {
      const pending = queue;
      queue = null;
      if (pending?.length) form.batch(() => pending.forEach((e) => !e.dropped && (e.unregister = e.register())));
    },
  };
}

/**
 * Wraps a form's fields. The flush is rendered after them, so its effect runs after every field's registration
 * effect and before the <Form>'s own effect, which resumes validation: the fields are validated once, together.
 */
export function BatchedRegistration({ children }: { children: ReactNode }) {
  const form = useForm('BatchedRegistration');
  const [batch] = useState(() => createRegistrationBatch(form));
  return (
    <RegistrationBatchContext.Provider value={batch}>
      {children}
      <Flush batch={batch} />
    </RegistrationBatchContext.Provider>
  );
}

function Flush({ batch }: { batch: { flush(): void } }) {
  useEffect(() => batch.flush(), [batch]);
  return null;
}
