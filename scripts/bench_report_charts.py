"""The PNG charts of bench_report.py, drawn with matplotlib (Agg, no display needed)."""
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (the backend must be chosen first)

# Carbide first and strongest; peers in muted colours that stay apart in print.
COLOURS = ["#d62728", "#ff9896", "#7f7f7f", "#1f77b4", "#2ca02c", "#9467bd", "#8c564b",
           "#e377c2", "#17becf", "#bcbd22"]


def colour(providers, provider):
    return COLOURS[providers.index(provider) % len(COLOURS)]


def _grouped_bars(ax, labels, series, providers):
    """series: {provider: [value or None per label]}; draws one bar per present value."""
    width = 0.8 / max(len(series), 1)
    for i, (provider, values) in enumerate(series.items()):
        xs = [x + (i - (len(series) - 1) / 2) * width for x in range(len(labels))]
        present = [(x, v) for x, v in zip(xs, values) if v is not None and v > 0]
        if present:
            ax.bar([x for x, _ in present], [v for _, v in present], width,
                   label=provider, color=colour(providers, provider))
    ax.set_xticks(range(len(labels)))
    ax.set_xticklabels(labels, fontsize=8)
    ax.set_yscale("log")
    ax.grid(axis="y", which="major", alpha=0.3)
    ax.set_xlim(-0.6, len(labels) - 0.4)


def engine_chart(path, engine, labels, scores, providers):
    """Grouped bars of ops/ms per parameter set, one bar per provider, on a log scale."""
    fig, ax = plt.subplots(figsize=(max(8, 0.9 * len(labels) + 2), 5))
    _grouped_bars(ax, labels, scores, providers)
    ax.set_ylabel("ops/ms (log scale; higher is faster)")
    ax.set_title(f"{engine}: throughput by provider", pad=28)
    # Above the plot, so that it never hides a bar.
    ax.legend(fontsize=8, ncol=min(len(scores), 10), loc="lower center", bbox_to_anchor=(0.5, 1.0),
              frameon=False)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def ratio_chart(path, panels, providers):
    """One panel per engine type: each provider's ops/ms over the JDK's, 1 = as fast as the JDK.

    panels: [(engine, labels, {provider: [ratio or None]})]
    """
    width = max([8] + [0.9 * len(labels) + 2 for _, labels, _ in panels])
    fig, axes = plt.subplots(len(panels), 1, figsize=(width, 3.6 * len(panels)), squeeze=False)
    for ax, (engine, labels, ratios) in zip(axes[:, 0], panels):
        _grouped_bars(ax, labels, ratios, providers)
        ax.axhline(1.0, color="black", linewidth=0.8)
        ax.set_ylabel("× JDK (log)")
        ax.set_title(f"{engine}: speed relative to the JDK's provider", fontsize=10)
    handles, names = {}, []
    for ax in axes[:, 0]:
        for handle, name in zip(*ax.get_legend_handles_labels()):
            if name not in handles:
                handles[name] = handle
                names.append(name)
    fig.legend([handles[n] for n in names], names, loc="upper center", ncol=min(len(names), 8),
               fontsize=8)
    fig.tight_layout(rect=(0, 0, 1, 1 - 0.4 / (3.6 * len(panels))))
    fig.savefig(path, dpi=110)
    plt.close(fig)
