// Each variant's three cut points of the measure's key (goals/grades.py's THRESHOLDS).
// Written by tools/difficulty_index.py; do not edit.
export const MEASURE_VERSION = "greedy16+states/3";
export const THRESHOLDS = {"pyramid": [6000056, 20000066, 32000088], "classic": [30000058, 32000205, 32001131], "classic-redeal": [20000073, 32000109, 32003314], "three-wastes": [28000269, 32000232, 32002384], "giza": [22000042, 30000038, 32000065], "open-stock": [8000056, 24000064, 32000073]};
