package dev.carbide.bench;

/**
 * A provider, or one of its algorithms, cannot be measured on this machine; the message says why.
 */
public final class NotAvailableException extends Exception {
  private static final long serialVersionUID = 1L;

  public NotAvailableException(String reason) {
    super(reason);
  }
}
