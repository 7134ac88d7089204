'use client';
import type { AuditView } from '@/lib/shared/ops/audit';
import type { Page } from '@/lib/shared/ops/lists';
import { opsResource } from './list-query';

export const { keys: auditKeys, useList: useAuditLog } = opsResource<Page<AuditView>>('audit');
