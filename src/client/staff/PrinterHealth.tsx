import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import type { PrinterAdmin } from "../../shared/contract/printers";
import { staffCall } from "./api";

export const PRINTERS_KEY = ["staff", "printers"];

/** The ticket printers, read every 15 s: a printer that stops polling shows within a quarter minute of the alert's threshold. */
export function usePrinters() {
  return useQuery({
    queryKey: PRINTERS_KEY,
    queryFn: () => staffCall<PrinterAdmin[]>("GET", "/printers"),
    refetchInterval: 15_000,
  });
}

/**
 * Each printer in the board's health row: quiet when it polls, loud when it has gone silent,
 * with the tickets waiting for its station (they print as soon as it is back).
 */
export function PrinterHealth() {
  const { t } = useLingui();
  const printers = usePrinters().data ?? [];
  return printers.map((p) => {
    const trouble =
      p.lastStatus && !p.lastStatus.startsWith("2") ? p.lastStatus : null;
    return p.silent ? (
      <strong
        key={p.id}
        className="staff-health__alert staff-health__alert--printer"
        data-testid="printer-alert"
      >
        {p.lastPollAt
          ? t`Printer “${p.name}” is not responding.`
          : t`Printer “${p.name}” has never connected.`}{" "}
        {p.waiting ? t`Tickets waiting: ${p.waiting}.` : ""}{" "}
        {t`Check power, paper and network.`}
      </strong>
    ) : (
      <span
        key={p.id}
        className={`staff-health__item staff-health__item--${trouble ? "bad" : "ok"}`}
      >
        {t`Printer “${p.name}”`}
        {trouble ? `: ${trouble}` : ""}
        {p.waiting ? ` · ${t`Tickets waiting: ${p.waiting}.`}` : ""}
      </span>
    );
  });
}
