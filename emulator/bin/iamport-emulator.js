#!/usr/bin/env node
// The package's command (`iamport-emulator --help`): the built command line in dist/.
import '../dist/cli.js';
