// The ports the app's instrumentation registers at start (lib/wiring.ts), registered the same way
// before each server-side test file.
import { wirePorts } from '@/lib/wiring';

wirePorts();
