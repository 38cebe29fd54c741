"""The operator's routes: alive, ready, and the figures for Prometheus (none in /openapi.json)."""

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from ..fairness import client_address
from ..metrics import Metrics
from ..solving import Solver

router = APIRouter(include_in_schema=False)


@router.api_route("/healthz", methods=["GET", "HEAD"])  # HEAD: load balancers
def healthz() -> dict[str, str]:
    """Alive: the process answers (a load balancer's liveness check)."""
    return {"status": "alive"}


@router.api_route("/readyz", methods=["GET", "HEAD"], response_model=None)
def readyz(solver: Solver) -> dict[str, str] | JSONResponse:
    """Ready: the compiled solver is loaded, so a hint is answered at full speed, and no search
    holds a slot past its deadline (a kernel that loops: the worker should be looked at)."""
    if not solver.loaded.is_set():
        return not_ready("loading the solver")
    if solver.overrunning:
        return not_ready(
            f"{solver.overrunning} of {solver.settings.solver_slots} solver slots held past their deadline"
        )
    return {"status": "ready"}


def not_ready(status: str) -> JSONResponse:
    """503 with the reason; Retry-After: 1 (a readiness probe asks again anyway)."""
    return JSONResponse({"status": status}, status_code=503, headers={"Retry-After": "1"})


@router.get("/metrics")
def prometheus_metrics(request: Request) -> Response:
    """The figures (metrics.py), for the addresses it lets read them."""
    metrics: Metrics = request.app.state.metrics
    return metrics.answer(client_address(request))
