import { defineMessages } from './define.ts';

/** The built-in identity provider's pages: sign-in, sign-out and its error page. */
export const idp = defineMessages({
  pt: {
    title: 'Excelência Empresarial',
    languageLabel: 'Idioma',
    signIn: {
      pageTitle: 'Iniciar sessão',
      heading: 'Inicie sessão na sua conta',
      email: 'E-mail',
      password: 'Palavra-passe',
      submit: 'Entrar',
    },
    errors: {
      invalidCredentials: 'E-mail ou palavra-passe inválidos.',
      missingFields: 'Indique o e-mail e a palavra-passe.',
      accountDisabled: 'A sua conta está desativada. Contacte o administrador do portal.',
      accountLocked:
        'Demasiadas tentativas falhadas. A conta está bloqueada durante {{minutes}} minutos; tente de novo mais tarde.',
      tooManyAttempts:
        'Demasiadas tentativas a partir deste endereço. Tente de novo dentro de {{minutes}} minutos.',
      heading: 'Não foi possível continuar',
      requestExpired:
        'O pedido de início de sessão expirou ou já foi usado. Volte ao portal e tente de novo.',
      generic: 'Ocorreu um erro. Volte ao portal e tente de novo.',
    },
    changePassword: {
      pageTitle: 'Alterar a palavra-passe',
      heading: 'Alterar a palavra-passe',
      intro: 'Escolha uma nova palavra-passe com pelo menos {{min}} caracteres.',
      newPassword: 'Nova palavra-passe',
      confirmPassword: 'Confirmar a nova palavra-passe',
      submit: 'Alterar a palavra-passe',
      tooShort: 'A palavra-passe deve ter pelo menos {{min}} caracteres.',
      tooLong: 'A palavra-passe pode ter no máximo {{max}} caracteres.',
      mismatch: 'As palavras-passe não coincidem.',
    },
    signOut: {
      pageTitle: 'Terminar sessão',
      inProgress: 'A terminar a sessão…',
      submit: 'Terminar sessão',
      done: 'A sua sessão foi terminada.',
    },
  },
  en: {
    title: 'Business Excellence',
    languageLabel: 'Language',
    signIn: {
      pageTitle: 'Sign in',
      heading: 'Sign in to your account',
      email: 'Email',
      password: 'Password',
      submit: 'Sign in',
    },
    errors: {
      invalidCredentials: 'Invalid email or password.',
      missingFields: 'Enter your email and password.',
      accountDisabled: 'Your account is disabled. Contact the portal administrator.',
      accountLocked:
        'Too many failed attempts. Your account is locked for {{minutes}} minutes; please try again later.',
      tooManyAttempts: 'Too many attempts from this address. Try again in {{minutes}} minutes.',
      heading: 'We could not continue',
      requestExpired:
        'The sign-in request has expired or was already used. Go back to the portal and try again.',
      generic: 'An error occurred. Go back to the portal and try again.',
    },
    changePassword: {
      pageTitle: 'Change your password',
      heading: 'Change your password',
      intro: 'Choose a new password of at least {{min}} characters.',
      newPassword: 'New password',
      confirmPassword: 'Confirm the new password',
      submit: 'Change password',
      tooShort: 'The password must have at least {{min}} characters.',
      tooLong: 'The password can have at most {{max}} characters.',
      mismatch: 'Passwords must match.',
    },
    signOut: {
      pageTitle: 'Sign out',
      inProgress: 'Signing you out…',
      submit: 'Sign out',
      done: 'You have been signed out.',
    },
  },
  fr: {
    title: 'Excellence des Entreprises',
    languageLabel: 'Langue',
    signIn: {
      pageTitle: 'Connexion',
      heading: 'Connectez-vous à votre compte',
      email: 'E-mail',
      password: 'Mot de passe',
      submit: 'Se connecter',
    },
    errors: {
      invalidCredentials: 'E-mail ou mot de passe invalide.',
      missingFields: 'Saisissez votre e-mail et votre mot de passe.',
      accountDisabled: "Votre compte est désactivé. Contactez l'administrateur du portail.",
      accountLocked:
        'Trop de tentatives échouées. Votre compte est bloqué pendant {{minutes}} minutes ; réessayez plus tard.',
      tooManyAttempts: 'Trop de tentatives depuis cette adresse. Réessayez dans {{minutes}} minutes.',
      heading: 'Impossible de continuer',
      requestExpired:
        'La demande de connexion a expiré ou a déjà été utilisée. Revenez au portail et réessayez.',
      generic: 'Une erreur est survenue. Revenez au portail et réessayez.',
    },
    changePassword: {
      pageTitle: 'Changer votre mot de passe',
      heading: 'Changer votre mot de passe',
      intro: 'Choisissez un nouveau mot de passe d’au moins {{min}} caractères.',
      newPassword: 'Nouveau mot de passe',
      confirmPassword: 'Confirmer le nouveau mot de passe',
      submit: 'Changer le mot de passe',
      tooShort: 'Le mot de passe doit comporter au moins {{min}} caractères.',
      tooLong: 'Le mot de passe peut comporter au plus {{max}} caractères.',
      mismatch: 'Les mots de passe ne correspondent pas.',
    },
    signOut: {
      pageTitle: 'Déconnexion',
      inProgress: 'Déconnexion en cours…',
      submit: 'Se déconnecter',
      done: 'Vous avez été déconnecté.',
    },
  },
});
