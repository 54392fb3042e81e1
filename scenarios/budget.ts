/**
 * A work budget for one scenario run (`runScenario` applies it to every run: the comparison, the
 * fault schedules, the bench, a module engine's tests). An engine that never settles (a retry or
 * re-approval loop that the contract keeps refusing) would otherwise run until the process runs out
 * of memory, and nothing would be reported at all. Every engine records a trace event and writes a
 * checkpoint per step, so counting those two writes bounds any engine that does work; past the
 * budget the next write throws, and the caller fails that run, naming the budget. A loop that
 * touches none of the stores is not caught here.
 */
import type { Environment } from "../handwritten/fixtures/environment.js";

/** Far above the longest column (about a hundred writes), far below what exhausts the heap. */
export const DEFAULT_WORK_BUDGET = 20_000;

export class WorkBudgetExceeded extends Error {
  constructor(readonly budget: number) {
    super(
      `work_budget_exceeded: the engine wrote more than ${budget} trace events and checkpoints in one column without settling`,
    );
    this.name = "WorkBudgetExceeded";
  }
}

/** The environment with its trace sink and checkpoint store counting writes against `budget`. */
export function withWorkBudget(env: Environment, budget: number = DEFAULT_WORK_BUDGET): Environment {
  if (!Number.isInteger(budget) || budget < 1)
    throw new RangeError(`a work budget is a positive integer, not ${budget}`);
  let writes = 0;
  const spend = () => {
    writes += 1;
    if (writes > budget) throw new WorkBudgetExceeded(budget);
  };
  const { trace, checkpoints } = env;
  return {
    ...env,
    trace: overriding(trace, { append: (events) => (spend(), trace.append(events)) }),
    checkpoints: overriding(checkpoints, {
      put: (...args: Parameters<typeof checkpoints.put>) => (spend(), checkpoints.put(...args)),
    }),
  };
}

/** The store with some methods replaced and the rest still its own, whether they live on it or its prototype. */
const overriding = <T extends object>(store: T, patch: Partial<T>): T =>
  Object.assign(Object.create(store) as T, patch);
