'use client';
import type { DepositPage } from '@/lib/ops/client';
import { opsResource } from './list-query';

export const { keys: depositKeys, useList: useDepositQueue } = opsResource<DepositPage>('deposits');
