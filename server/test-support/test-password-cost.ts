import { testPasswordCost, choosePasswordCost } from '../auth/password-hash';

// Set-up of every unit test file (vitest.config.ts): fixtures and sign-ins hash thousands of
// passwords, each ~60 ms of CPU at the production cost. A test about the cost itself sets its own.
choosePasswordCost(testPasswordCost);
