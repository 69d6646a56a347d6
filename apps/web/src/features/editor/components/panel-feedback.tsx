import { useCallback, useState } from 'react';
import { type AlertAction, ActionError, ActionNotice } from '../../../components/ui/list-states';

export type Failure = { title: string; message: string; action?: AlertAction };

/**
 * What a panel tells the editor after an action: one notice or one failure at a time. A save's
 * notice also takes the focus the closed form held and comes into view (issue 13, item 16).
 */
export function usePanelFeedback() {
  const [failure, setFailure] = useState<Failure | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [focusNotice, setFocusNotice] = useState(false);

  const clear = useCallback(() => {
    setFailure(null);
    setNotice(null);
  }, []);
  const focused = useCallback(() => setFocusNotice(false), []);

  return {
    failure,
    notice,
    focusNotice,
    /** Before a new action: the last one's outcome no longer applies. */
    clear,
    announce: setNotice,
    announceSaved: useCallback((text: string) => {
      setNotice(text);
      setFocusNotice(true);
    }, []),
    fail: setFailure,
    /** An onError for a mutation: the title says what failed, the server's message why. */
    failWith: useCallback(
      (title: string) => (error: Error) => setFailure({ title, message: error.message }),
      [],
    ),
    /** onSuccess and onError for a toggle or a delete. */
    handlers: useCallback(
      (done: string, failTitle: string) => ({
        onSuccess: () => setNotice(done),
        onError: (error: Error) => setFailure({ title: failTitle, message: error.message }),
      }),
      [],
    ),
    dismissFailure: useCallback(() => setFailure(null), []),
    focused,
  };
}

export type PanelFeedback = ReturnType<typeof usePanelFeedback>;

export function PanelFeedbackView({ feedback }: { feedback: PanelFeedback }) {
  const { failure } = feedback;
  return (
    <>
      <ActionNotice
        text={feedback.notice}
        focus={feedback.focusNotice}
        onFocused={feedback.focused}
      />
      {failure ? (
        <ActionError
          title={failure.title}
          message={failure.message}
          onDismiss={feedback.dismissFailure}
          {...(failure.action ? { action: failure.action } : {})}
        />
      ) : null}
    </>
  );
}
