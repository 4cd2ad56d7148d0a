'use strict';
/**
 * The money audit after the load: every response against the database's usage records, ledger
 * and balances (see the checks' names).
 */
const { check } = require('./report');
const { CREDIT_MICROS } = require('./settings');
const { sleep } = require('./stack');

async function audit({ db, accounts, outcomes, connections, unexpected }) {
  check(
    'no duplicate x-request-id among responses',
    unexpected.length === 0,
    unexpected.slice(0, 3).join('; '),
  );
  const statuses = [...outcomes.values()].map((o) => o.status);
  const fiveXx = statuses.filter((s) => s >= 500).length;
  check('zero 5xx', fiveXx === 0, `${fiveXx} of ${statuses.length}`);
  const okCount = statuses.filter((s) => s === 200).length;
  check(
    'most calls succeeded (the load reached the operations)',
    okCount > statuses.length * 0.9,
    `${okCount} of ${statuses.length} were 200`,
  );

  // Usage records are written after each response: wait until they stop arriving (bounded).
  let previous = -1;
  for (let i = 0; i < 60; i++) {
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM usage_records`);
    if (rows[0].n === previous && rows[0].n >= outcomes.size) break;
    previous = rows[0].n;
    await sleep(250);
  }

  const usage = new Map();
  const duplicateUsage = [];
  for (const row of (await db.query(`SELECT request_id, status, charged FROM usage_records`))
    .rows) {
    if (usage.has(row.request_id)) duplicateUsage.push(row.request_id);
    usage.set(row.request_id, { status: row.status, charged: Number(row.charged) });
  }
  const missingUsage = [...outcomes.keys()].filter((id) => !usage.has(id));
  const statusMismatch = [...outcomes].filter(
    ([id, o]) => usage.has(id) && usage.get(id).status !== o.status,
  );
  check(
    'every response has exactly one usage record with its status',
    duplicateUsage.length === 0 && missingUsage.length === 0 && statusMismatch.length === 0,
    `${duplicateUsage.length} duplicated, ${missingUsage.length} missing, ${statusMismatch.length} with another status`,
  );

  const charges = (
    await db.query(
      `SELECT account_id, request_id, -amount AS amount FROM ledger_entries WHERE kind = 'charge' AND mode = 'test'`,
    )
  ).rows.map((r) => ({
    accountId: r.account_id,
    requestId: r.request_id,
    amount: Number(r.amount),
  }));
  const chargeByRequest = new Map();
  const duplicateCharges = [];
  for (const c of charges) {
    if (chargeByRequest.has(c.requestId)) duplicateCharges.push(c.requestId);
    chargeByRequest.set(c.requestId, c);
  }
  check(
    'no request charged twice',
    duplicateCharges.length === 0,
    `${charges.length} charges, ${duplicateCharges.length} duplicated`,
  );

  const wrong = [];
  for (const [id, o] of outcomes) {
    const charge = chargeByRequest.get(id);
    const got = charge ? charge.amount : 0;
    if (got !== o.expected)
      wrong.push(
        `${o.op} ${o.status}${o.replayed ? ' replayed' : ''} ${id}: charged ${got}, expected ${o.expected}`,
      );
    if (o.status === 200 && !o.replayed && o.header !== o.expected)
      wrong.push(`${o.op} ${id}: header said ${o.header}, expected ${o.expected}`);
    if (o.status !== 200 && o.header !== null)
      wrong.push(`${o.op} ${o.status} ${id} carries a charge header`);
  }
  check(
    'every 200 charged exactly what it delivered (assist 0.010000, scan 0.007500 per reel); nothing else charged',
    wrong.length === 0,
    wrong.slice(0, 3).join('; ') || `${outcomes.size} responses`,
  );

  // Charges of requests cut off when the run ended (the client never saw them): each must still
  // be one 200 in the usage records with the same charge.
  const unseen = charges.filter((c) => !outcomes.has(c.requestId));
  const unseenBad = unseen.filter((c) => {
    const u = usage.get(c.requestId);
    return !u || u.status !== 200 || u.charged !== c.amount;
  });
  check(
    'charges of calls cut off at the end are each one recorded 200',
    unseenBad.length === 0 && unseen.length <= connections,
    `${unseen.length} unseen, ${unseenBad.length} inconsistent`,
  );

  const usageTotal = new Map();
  for (const row of (
    await db.query(`SELECT account_id, sum(charged)::bigint AS total FROM usage_records GROUP BY 1`)
  ).rows)
    usageTotal.set(row.account_id, Number(row.total));
  let accountProblems = [];
  for (const account of accounts) {
    const balance = (
      await db.query(`SELECT balance, held FROM balances WHERE account_id = $1 AND mode = 'test'`, [
        account.id,
      ])
    ).rows[0];
    const ledger = Number(
      (
        await db.query(
          `SELECT coalesce(sum(amount), 0)::bigint AS s FROM ledger_entries WHERE account_id = $1 AND mode = 'test'`,
          [account.id],
        )
      ).rows[0].s,
    );
    const charged = charges
      .filter((c) => c.accountId === account.id)
      .reduce((s, c) => s + c.amount, 0);
    const b = Number(balance.balance);
    if (b !== ledger) accountProblems.push(`${account.email}: balance ${b} ≠ ledger ${ledger}`);
    if (b !== CREDIT_MICROS - charged)
      accountProblems.push(
        `${account.email}: balance ${b} ≠ credit − charges ${CREDIT_MICROS - charged}`,
      );
    if ((usageTotal.get(account.id) ?? 0) !== charged)
      accountProblems.push(
        `${account.email}: usage says ${usageTotal.get(account.id)} charged, ledger ${charged}`,
      );
    if (Number(balance.held) !== 0)
      accountProblems.push(`${account.email}: ${balance.held} still held`);
  }
  check(
    `every account (${accounts.length}): balance = sum of ledger = credit − charges = credit − usage, nothing held`,
    accountProblems.length === 0,
    accountProblems.slice(0, 3).join('; '),
  );
}

module.exports = { audit };
