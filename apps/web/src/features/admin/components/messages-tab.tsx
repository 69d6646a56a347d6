import {
  isMessageShown,
  MESSAGE_TYPE_LABELS,
  type TGlobalMessage,
} from '@magotips/contracts/global-message-types';
import { useId, useState } from 'react';
import { formatMoment } from '../../../lib/format-date';
import { useReaderTimeZone } from '../../../lib/reader-zone';
import { useDeleteMessage } from '../api/delete-message';
import { useAdminMessages } from '../api/get-admin-messages';
import { useSaveMessage } from '../api/save-message';
import { useSetMessageActive } from '../api/set-message-active';
import {
  ActionError,
  ActionNotice,
  EmptyState,
  ErrorPanel,
  LoadingState,
} from '../../../components/ui/list-states';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { MessageForm } from './message-form';
import { previewStyle } from './message-preview';

type Failure = { title: string; message: string };

/** Global messages (SPEC.md §2 /panel/admin): create, edit, toggle active, delete. */
export function MessagesTab() {
  const createId = useId();
  const listId = useId();
  const list = useAdminMessages();
  const save = useSaveMessage();
  const toggle = useSetMessageActive();
  const remove = useDeleteMessage();
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TGlobalMessage | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  // One alert for whichever change failed last: SPEC.md §8 "Message-management failures show
  // an alert", with the server's Spanish reason.
  const failed = (title: string) => (error: Error) => setFailure({ title, message: error.message });
  const start = () => {
    setFailure(null);
    setNotice(null);
  };

  return (
    <div className="admin-stack">
      <section className="admin-card" aria-labelledby={createId}>
        <h2 id={createId} className="admin-card__title">
          Nuevo mensaje
        </h2>
        <MessageForm
          mode="create"
          busy={save.isPending && editing === null}
          onSave={(body) => {
            start();
            return save.mutateAsync(
              { body },
              {
                onSuccess: () => setNotice('Mensaje creado.'),
                onError: failed('Error al crear el mensaje'),
              },
            );
          }}
        />
      </section>

      <ActionNotice text={notice} />
      {failure ? (
        <ActionError
          title={failure.title}
          message={failure.message}
          onDismiss={() => setFailure(null)}
        />
      ) : null}

      <section className="admin-card" aria-labelledby={listId}>
        <h2 id={listId} className="admin-card__title">
          Mensajes
        </h2>
        {list.isPending ? (
          <LoadingState text="Cargando mensajes..." />
        ) : list.isError ? (
          <ErrorPanel
            title="Error al cargar los mensajes"
            message={list.error.message}
            onRetry={() => void list.refetch()}
          />
        ) : list.data.messages.length === 0 ? (
          <EmptyState>
            No hay mensajes globales. Crea el primero con el formulario de arriba.
          </EmptyState>
        ) : (
          <ul className="admin-messages">
            {list.data.messages.map((message) => (
              <li key={message.id} className="admin-message">
                {editing === message.id ? (
                  <MessageForm
                    mode="edit"
                    initial={{ text: message.text, type: message.type, endsAt: message.endsAt }}
                    busy={save.isPending}
                    onCancel={() => setEditing(null)}
                    onSave={({ text, type, endsAt }) => {
                      start();
                      return save.mutateAsync(
                        { id: message.id, body: { text, type, endsAt } },
                        {
                          onSuccess: () => {
                            setEditing(null);
                            setNotice('Mensaje actualizado.');
                          },
                          onError: failed('Error al guardar el mensaje'),
                        },
                      );
                    }}
                  />
                ) : (
                  <MessageView
                    message={message}
                    busy={toggle.isPending || remove.isPending}
                    onToggle={() => {
                      start();
                      toggle.mutate(
                        { id: message.id, active: !message.active },
                        {
                          onSuccess: ({ data }) =>
                            setNotice(data.active ? 'Mensaje activado.' : 'Mensaje desactivado.'),
                          onError: failed('Error al cambiar el estado del mensaje'),
                        },
                      );
                    }}
                    onEdit={() => {
                      start();
                      setEditing(message.id);
                    }}
                    onDelete={() => {
                      start();
                      setDeleting(message);
                    }}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      {deleting ? (
        <ConfirmDialog
          question="¿Estás seguro de que quieres eliminar este mensaje?"
          detail={`«${deleting.text}». Esta acción no se puede deshacer.`}
          confirmLabel="Eliminar"
          busyLabel="Eliminando..."
          busy={remove.isPending}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => setNotice('Mensaje eliminado.'),
              onError: failed('Error al eliminar el mensaje'),
              onSettled: () => setDeleting(null),
            })
          }
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}

type MessageViewProps = {
  message: TGlobalMessage;
  busy: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
};

function MessageView({ message, busy, onToggle, onEdit, onDelete }: MessageViewProps) {
  const timeZone = useReaderTimeZone();
  const textId = useId();
  return (
    <>
      <p id={textId} className="admin-message__preview" style={previewStyle(message.type)}>
        {message.text}
      </p>
      <p className="admin-message__meta">
        <span className={`admin-chip admin-chip--${message.type}`}>
          {MESSAGE_TYPE_LABELS[message.type]}
        </span>
        <span className={message.active ? 'admin-status admin-status--on' : 'admin-status'}>
          {message.active ? 'Activo' : 'Inactivo'}
        </span>
        <span>Actualizado: {formatMoment(message.updatedAt, timeZone)}</span>
        {message.endsAt ? (
          <span>
            {isMessageShown({ active: true, endsAt: message.endsAt }, new Date())
              ? 'Hasta'
              : 'Terminó'}
            : {formatMoment(message.endsAt, timeZone)}
          </span>
        ) : null}
      </p>
      <div className="admin-message__actions">
        <button
          type="button"
          role="switch"
          aria-checked={message.active}
          aria-describedby={textId}
          className="admin-switch"
          disabled={busy}
          onClick={onToggle}
        >
          <span className="admin-switch__track" aria-hidden="true">
            <span className="admin-switch__thumb" />
          </span>
          Activo
        </button>
        <button
          type="button"
          className="btn btn--small btn--outline"
          aria-describedby={textId}
          onClick={onEdit}
        >
          Editar
        </button>
        <button
          type="button"
          className="btn btn--small admin-btn--quiet-danger"
          aria-describedby={textId}
          disabled={busy}
          onClick={onDelete}
        >
          Eliminar
        </button>
      </div>
    </>
  );
}
