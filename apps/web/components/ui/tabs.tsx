'use client';

import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
}

/** The ids a tab and its panel share: the panel says `aria-labelledby={tabId(base, key)}`. */
export function tabId(base: string, key: string): string {
  return `${base}-tab-${key}`;
}

export function panelId(base: string, key: string): string {
  return `${base}-panel-${key}`;
}

/**
 * A WAI-ARIA tab list: one tab in the Tab order (the selected one); Left/Right (and Up/Down),
 * Home and End move between tabs and select them. The caller renders the panels with
 * `role="tabpanel"`, `id={panelId(base, key)}` and `aria-labelledby={tabId(base, key)}` (the
 * selected one at least: only its tab points at its panel).
 */
export function TabList<K extends string>({
  base,
  label,
  items,
  selected,
  onSelect,
  className,
}: {
  base: string;
  label: string;
  items: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  className?: string;
}) {
  const refs = useRef(new Map<K, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = items.length - 1;
    const next =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const key = items[next].key;
    onSelect(key);
    refs.current.get(key)?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label={label}
      className={className ? `tablist ${className}` : 'tablist'}
    >
      {items.map((item, index) => {
        const current = item.key === selected;
        return (
          <button
            key={item.key}
            ref={(element) => {
              if (element) refs.current.set(item.key, element);
              else refs.current.delete(item.key);
            }}
            type="button"
            role="tab"
            id={tabId(base, item.key)}
            aria-selected={current}
            aria-controls={current ? panelId(base, item.key) : undefined}
            tabIndex={current ? 0 : -1}
            className="tablist-tab"
            onClick={() => onSelect(item.key)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
