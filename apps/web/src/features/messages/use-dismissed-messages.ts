import { useCallback, useState } from 'react';

const STORAGE_KEY = 'dismissedGlobalMessages';

// The dismissal lasts for this browser session only (sessionStorage), and is keyed by the
// message's last change too: an admin who edits a message wants it read again.
export function dismissalKey(message: { id: string; updatedAt: string }): string {
  return `${message.id}@${message.updatedAt}`;
}

function readDismissed(): Set<string> {
  try {
    const raw: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return new Set(Array.isArray(raw) ? raw.filter((v): v is string => typeof v === 'string') : []);
  } catch {
    // Blocked or unreadable storage: show everything rather than break the page.
    return new Set();
  }
}

export function useDismissedMessages(): [ReadonlySet<string>, (key: string) => void] {
  const [dismissed, setDismissed] = useState(readDismissed);
  const dismiss = useCallback((key: string) => {
    setDismissed((current) => {
      const next = new Set(current).add(key);
      try {
        window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...next]));
      } catch {
        // Not remembered past this page view; closing it still works now.
      }
      return next;
    });
  }, []);
  return [dismissed, dismiss];
}
