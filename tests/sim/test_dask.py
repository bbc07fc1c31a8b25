"""`main.py sim --scheduler`: the same batch on a Dask LocalCluster gives the same report."""

from __future__ import annotations

import pytest

from game import batch
from tests.sim.conftest import DUEL, Sim, deterministic, sim_json

distributed = pytest.importorskip(
    "distributed", reason="Dask distributed is not installed (pip install -e '.[cluster]')"
)


def test_scheduler_runs_the_batch_like_the_local_pool(sim: Sim) -> None:
    local = sim_json(sim, DUEL, "--games", 3, "--seed", 2, "--workers", 1)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        remote = sim_json(
            sim, DUEL, "--games", 3, "--seed", 2, "--scheduler", cluster.scheduler_address
        )
    assert deterministic(remote) == deterministic(local)
    assert remote["timing"]["scheduler"] == cluster.scheduler_address


def test_unreachable_scheduler_exits_2(sim: Sim, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(batch, "CONNECT_TIMEOUT", 1.0)
    code, out, err = sim(DUEL, "--games", 1, "--scheduler", "tcp://127.0.0.1:1")
    assert code == 2 and out == ""
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:1" in err
