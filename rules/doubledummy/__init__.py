"""The play with every hand known: positions, and the search for their value."""

from rules.doubledummy.position import Objective, Position, Value
from rules.doubledummy.search import Budget, BudgetSpent, Solver, within_reach

__all__ = ["Budget", "BudgetSpent", "Objective", "Position", "Solver", "Value", "within_reach"]
