// Each variant's three cut points of the measure's key (goals/grades.py's THRESHOLDS).
// Written by tools/difficulty_index.py; do not edit.
export const MEASURE_VERSION = "greedy16+states/3";
export const THRESHOLDS = {"pyramid": [2000062, 18000080, 32000086], "classic": [28000054, 32000178, 32001383], "classic-redeal": [20000060, 32000135, 32004850], "three-wastes": [30000063, 32000284, 32002915], "giza": [22000045, 30000041, 32000070], "open-stock": [6000054, 20000076, 32000071]};
