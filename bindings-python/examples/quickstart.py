"""The README's Python quickstart; also checked with `mypy --strict`.

Run against the sandbox:  ZEITKONTO_BASE_URL=http://127.0.0.1:8080 ZEITKONTO_API_KEY=demo-company-key python quickstart.py
"""

from __future__ import annotations

import asyncio
from datetime import date, timedelta
from typing import List

import zeitkonto
from zeitkonto import AsyncClient, Client, MonthlyAccount, RefusedError


def main() -> None:
    with Client(workspace_key="demo-workspace-key") as client:  # key and URL from ZEITKONTO_API_KEY / _BASE_URL
        people = client.employees()
        print(f"{len(people)} employees; first: {people[0].given_name} {people[0].last_name}, joined {people[0].join_date}")

        client.come("anna.schmidt@demo.example")
        print("Anna clocked in:", client.overview(email="anna.schmidt@demo.example").info[0].is_clocked_in)
        client.go("anna.schmidt@demo.example")
        try:
            client.go("anna.schmidt@demo.example")
        except RefusedError as e:
            print("second go:", e)

        last_month = date.today().replace(day=1) - timedelta(days=1)
        account: MonthlyAccount = client.time_account("anna.schmidt@demo.example", last_month.year, last_month.month)
        print(f"{last_month:%B %Y}: target {account.target} min, actual {account.actual} min, balance {account.balance} min")

        try:
            client.project_bookings("max.manager@demo.example", "p-website", date(2026, 1, 1), date(2026, 3, 1))
        except zeitkonto.InvalidInputError as e:
            print(f"refused before sending ({e.field}): {e}")

        week = client.shifts(*date.today().isocalendar()[:2])
        print(f"{len(week.shifts)} shifts this week in {week.workspace_name}")


async def concurrent() -> List[int]:
    async with AsyncClient() as client:
        reports = await asyncio.gather(*(client.presence(day=date.today() - timedelta(days=d)) for d in range(1, 4)))
        return [sum(1 for p in r.info if p.present) for r in reports]


if __name__ == "__main__":
    main()
    print("present on the last three days:", asyncio.run(concurrent()))
