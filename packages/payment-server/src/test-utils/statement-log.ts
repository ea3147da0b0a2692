import {
  AliasNode,
  DeleteQueryNode,
  InsertQueryNode,
  SelectQueryNode,
  TableNode,
  UpdateQueryNode,
  type KyselyPlugin,
  type OperationNode,
  type RootOperationNode,
} from 'kysely';
import type { PaymentDb } from '../db/tables.ts';

/** A statement as `kind table`, say `select payment_intents`: what a test counts. */
function describeStatement(node: RootOperationNode): string {
  const target: OperationNode | undefined =
    SelectQueryNode.is(node) || DeleteQueryNode.is(node)
      ? node.from?.froms[0]
      : UpdateQueryNode.is(node)
        ? node.table
        : InsertQueryNode.is(node)
          ? node.into
          : undefined;
  const table = target && AliasNode.is(target) ? target.node : target;
  const kind = node.kind.replace('QueryNode', '').toLowerCase();
  return `${kind} ${table && TableNode.is(table) ? table.table.identifier.name : '?'}`;
}

/**
 * A handle on `db` that logs every statement it (and any transaction opened on it) runs, so a
 * test can say how often a path reads a table.
 */
export function logStatements(db: PaymentDb): { db: PaymentDb; statements: string[] } {
  const statements: string[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      statements.push(describeStatement(node));
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { db: db.withPlugin(plugin), statements };
}
