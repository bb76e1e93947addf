import { createContext, useContext, type ReactNode } from 'react';
import type { FieldConfig } from '@lendline/shared/form-engine';

/** Renders one configured field by its type (render-field.tsx's renderField). */
export type RenderField = (field: FieldConfig, name: string, disabled?: boolean) => ReactNode;

/**
 * How a container (container, multipleInputs) renders the fields inside it. The renderer picks the container's
 * component by type, and the container renders children by type again: passed down by FieldRenderer through this
 * context instead of imported, so the two modules do not import each other (an import cycle).
 */
export const ChildFieldsContext = createContext<RenderField | null>(null);

export function useRenderField(): RenderField {
  const render = useContext(ChildFieldsContext);
  if (!render) throw new Error('a container field renders only inside FieldRenderer');
  return render;
}
