// A search box's text and the search it sends, a quarter second after the last keystroke, so a
// picker asks the server once per pause instead of once per key.
import { useEffect, useState } from 'react';

const SEARCH_DELAY_MS = 250;

export function useDebouncedSearch(): { typed: string; setTyped: (text: string) => void; search: string } {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  return { typed, setTyped, search };
}
