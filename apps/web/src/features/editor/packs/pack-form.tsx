import { zodResolver } from '@hookform/resolvers/zod';
import { ZPackForm, type TManagementPack } from '@magotips/contracts/packs';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useSavePack } from '../api/save-pack';
import { EditorFormShell } from '../components/editor-form-shell';
import { FormField, TextField } from '../components/form-field';
import { usePriceCheck } from '../components/price-check';
import { PriceField } from '../components/price-field';
import { PackTipSelector } from './pack-tip-selector';

export const PACK_SAVE_ERROR = 'Error al guardar el pack';

type PackFormInput = z.input<typeof ZPackForm>;
type PackFormOutput = z.output<typeof ZPackForm>;

type PackFormProps = {
  pack?: TManagementPack;
  onCancel: () => void;
  onSaved: (notice: string) => void;
};

export function PackForm({ pack, onCancel, onSaved }: PackFormProps) {
  const save = useSavePack();
  const ids = useId();
  const {
    register,
    control,
    handleSubmit,
    watch,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<PackFormInput, unknown, PackFormOutput>({
    resolver: zodResolver(ZPackForm),
    defaultValues: pack
      ? {
          nombre: pack.nombre,
          descripcion: pack.descripcion,
          precio: pack.precio.toFixed(2),
          tips: pack.tips.map((tip) => tip._id),
          activo: pack.activo,
        }
      : { nombre: '', descripcion: '', precio: '', tips: [], activo: true },
  });

  async function persist(values: PackFormOutput) {
    try {
      await save.mutateAsync({
        id: pack?._id,
        body: {
          nombre: values.nombre,
          descripcion: values.descripcion,
          precio: values.precio,
          tips: values.tips,
          activo: values.activo,
        },
      });
      onSaved(pack ? 'Pack actualizado.' : 'Pack creado.');
    } catch {
      // Shown above the form from the mutation's state.
    }
  }

  const priceCheck = usePriceCheck<PackFormOutput>({
    what: 'pack',
    priceOf: (values) => values.precio,
    previous: pack?.precio,
    persist,
    onRefused: () => setFocus('precio'),
  });

  const id = (name: string) => `${ids}-${name}`;
  const busy = isSubmitting || save.isPending;

  return (
    <EditorFormShell
      title={pack ? 'Editar pack' : 'Nuevo pack'}
      saveErrorTitle={PACK_SAVE_ERROR}
      save={save}
      busy={busy}
      submitLabel={pack ? 'Guardar cambios' : 'Crear pack'}
      onSubmit={handleSubmit(priceCheck.submit)}
      onCancel={onCancel}
      // Only a save in flight disables the question: the submit that opened it is over.
      dialogs={priceCheck.dialog(save.isPending)}
    >
      <TextField
        id={id('nombre')}
        label="Nombre"
        error={errors.nombre?.message}
        registration={register('nombre')}
      />

      <FormField id={id('descripcion')} label="Descripción" error={errors.descripcion?.message}>
        {(control) => (
          <textarea
            {...control}
            className="editor-input editor-textarea"
            rows={4}
            {...register('descripcion')}
          />
        )}
      </FormField>

      <PriceField
        id={id('precio')}
        label="Precio (USD)"
        className="editor-field editor-field--narrow"
        value={watch('precio')}
        registration={register('precio')}
        error={errors.precio?.message}
      />

      <label className="choice">
        <input type="checkbox" {...register('activo')} />
        Activo (visible para la compra)
      </label>

      <Controller
        control={control}
        name="tips"
        render={({ field }) => (
          <PackTipSelector
            value={field.value}
            onChange={field.onChange}
            knownTips={pack?.tips ?? []}
            errorId={id('tips-error')}
            error={errors.tips?.message}
          />
        )}
      />
    </EditorFormShell>
  );
}
