import { zodResolver } from '@hookform/resolvers/zod';
import { ZPackForm, type TManagementPack } from '@magotips/contracts/packs';
import { needsPriceConfirmation } from '@magotips/contracts/price-schema';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useSavePack } from '../api/save-pack';
import { describedBy, FieldError } from '../components/field-error';
import { PriceConfirmDialog, PriceField } from '../components/price-field';
import { ActionError } from '../../../components/ui/list-states';
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
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A price above $500 waits here for the editor's confirmation (decision 0035).
  const [unconfirmed, setUnconfirmed] = useState<PackFormOutput | null>(null);
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

  useEffect(() => headingRef.current?.focus(), []);

  async function submit(values: PackFormOutput) {
    if (needsPriceConfirmation(values.precio, pack?.precio)) {
      setUnconfirmed(values);
      return;
    }
    await persist(values);
  }

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

  const id = (name: string) => `${ids}-${name}`;
  const busy = isSubmitting || save.isPending;

  return (
    <form className="editor-form" noValidate onSubmit={handleSubmit(submit)}>
      <h3 ref={headingRef} tabIndex={-1} className="editor-form__title">
        {pack ? 'Editar pack' : 'Nuevo pack'}
      </h3>
      {save.isError ? (
        <ActionError
          key={save.submittedAt}
          focus
          title={PACK_SAVE_ERROR}
          message={save.error.message}
          onDismiss={save.reset}
        />
      ) : null}

      <div className="editor-field">
        <label className="editor-label" htmlFor={id('nombre')}>
          Nombre
        </label>
        <input
          id={id('nombre')}
          className="editor-input"
          type="text"
          autoComplete="off"
          {...describedBy(id('nombre-error'), errors.nombre?.message)}
          {...register('nombre')}
        />
        <FieldError id={id('nombre-error')} message={errors.nombre?.message} />
      </div>

      <div className="editor-field">
        <label className="editor-label" htmlFor={id('descripcion')}>
          Descripción
        </label>
        <textarea
          id={id('descripcion')}
          className="editor-input editor-textarea"
          rows={4}
          {...describedBy(id('descripcion-error'), errors.descripcion?.message)}
          {...register('descripcion')}
        />
        <FieldError id={id('descripcion-error')} message={errors.descripcion?.message} />
      </div>

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

      <div className="editor-form__actions">
        <button type="button" className="btn btn--outline" onClick={onCancel} disabled={busy}>
          Cancelar
        </button>
        <button type="submit" className="btn btn--gold" disabled={busy}>
          {busy ? 'Guardando...' : pack ? 'Guardar cambios' : 'Crear pack'}
        </button>
      </div>

      {unconfirmed ? (
        <PriceConfirmDialog
          what="pack"
          price={unconfirmed.precio}
          busy={busy}
          onConfirm={() => {
            const values = unconfirmed;
            setUnconfirmed(null);
            void persist(values);
          }}
          onCancel={() => {
            setUnconfirmed(null);
            setFocus('precio');
          }}
        />
      ) : null}
    </form>
  );
}
