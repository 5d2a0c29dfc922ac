package dev.dsh.host.profile;

/** {@code profile.yml} lists a bundle whose plugin is not installed. */
public final class BundleNotInstalledException extends ProfileException {

  private static final long serialVersionUID = 1L;

  private final String bundle;

  public BundleNotInstalledException(String bundle, String profileFile) {
    super(
        profileFile
            + " lists bundle \""
            + bundle
            + "\", but no installed plugin has that id (install it with `dsh plugin add <jar>`"
            + " or remove it from the list)");
    this.bundle = bundle;
  }

  public String bundle() {
    return bundle;
  }
}
