'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

interface NavItem {
  href: string;
  label: string;
}

function isCurrent(pathname: string, href: string): boolean {
  return href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(`${href}/`);
}

/** The dashboard's tabs. API settings, Jobs and Webhooks exist only for accounts with API access. */
export function DashboardNav({ apiAccess }: { apiAccess: boolean }) {
  const pathname = usePathname();
  const items: NavItem[] = [
    { href: '/', label: 'Overview' },
    ...(apiAccess
      ? [
          { href: '/api-settings', label: 'API settings' },
          { href: '/jobs', label: 'Jobs' },
          { href: '/webhooks', label: 'Webhooks' },
        ]
      : []),
    { href: '/credit', label: 'Credit' },
    { href: '/usage', label: 'Usage' },
  ];
  return (
    <nav className="tabs" aria-label="Dashboard">
      <ul>
        {items.map((item) => (
          <li key={item.href}>
            <Link
              href={item.href}
              className="tab"
              aria-current={isCurrent(pathname, item.href) ? 'page' : undefined}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
