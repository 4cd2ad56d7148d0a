'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { usePathname } from 'next/navigation';

interface NavItem {
  href: string;
  label: string;
}

function isCurrent(pathname: string, href: string): boolean {
  return href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(`${href}/`);
}

/**
 * The dashboard's tabs. API settings, Playground, Jobs, Watches, Trends and Webhooks exist only for
 * accounts with API access.
 */
export function DashboardNav({ apiAccess }: { apiAccess: boolean }) {
  const t = useTranslations('nav');
  const pathname = usePathname();
  const items: NavItem[] = [
    { href: '/', label: t('overview') },
    ...(apiAccess
      ? [
          { href: '/api-settings', label: t('apiSettings') },
          { href: '/playground', label: t('playground') },
          { href: '/jobs', label: t('jobs') },
          { href: '/watches', label: t('watches') },
          { href: '/trends', label: t('trends') },
          { href: '/webhooks', label: t('webhooks') },
        ]
      : []),
    { href: '/credit', label: t('credit') },
    { href: '/usage', label: t('usage') },
  ];
  return (
    <nav className="tabs" aria-label={t('label')}>
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
