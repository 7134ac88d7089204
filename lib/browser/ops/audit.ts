'use client';
import type { AuditView, Page } from '@/lib/ops/client';
import { opsResource } from './list-query';

export const { keys: auditKeys, useList: useAuditLog } = opsResource<Page<AuditView>>('audit');
